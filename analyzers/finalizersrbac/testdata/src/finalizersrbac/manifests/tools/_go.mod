module example.com/manifests/tools

go 1.26
