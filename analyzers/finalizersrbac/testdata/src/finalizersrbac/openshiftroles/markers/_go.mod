module example.com/openshiftmarkers

go 1.26
