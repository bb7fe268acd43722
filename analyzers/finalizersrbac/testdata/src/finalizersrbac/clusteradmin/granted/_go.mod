module example.com/clusteradmin

go 1.26
