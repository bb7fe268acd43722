module example.com/manifests

go 1.26
